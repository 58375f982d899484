use curve25519_dalek::{RistrettoPoint, Scalar};
use rand::rngs::OsRng;
use rangeproof::{Group, Ristretto255 as G};
use std::time::Instant;
fn pts(n: usize) -> (Vec<Scalar>, Vec<RistrettoPoint>) {
    (
        (0..n).map(|_| G::random_scalar(&mut OsRng)).collect(),
        (0..n)
            .map(|_| RistrettoPoint::mul_base(&G::random_scalar(&mut OsRng)))
            .collect(),
    )
}
fn main() {
    for n in [1usize, 2, 4, 8, 16, 33, 65, 129] {
        let (s, p) = pts(n);
        let it = 2000;
        let t = Instant::now();
        for _ in 0..it {
            std::hint::black_box(G::multiscalar_mul(&s, &p));
        }
        let ct = t.elapsed() / it;
        let t = Instant::now();
        for _ in 0..it {
            std::hint::black_box(G::vartime_multiscalar_mul(&s, &p));
        }
        let vt = t.elapsed() / it;
        println!(
            "n={n:4} ct {ct:?} ({:?}/pt)  vartime {vt:?} ({:?}/pt)",
            ct / n as u32,
            vt / n as u32
        );
    }
    let (s, p) = pts(1);
    let t = Instant::now();
    for _ in 0..2000 {
        std::hint::black_box(p[0] * s[0]);
    }
    println!("single ct mul {:?}", t.elapsed() / 2000);
    let t = Instant::now();
    let mut acc = p[0];
    for _ in 0..100000 {
        acc = acc + p[0];
    }
    std::hint::black_box(acc);
    println!("add {:?}", t.elapsed() / 100000);
    let t = Instant::now();
    for _ in 0..2000 {
        std::hint::black_box(p[0].compress());
    }
    println!("compress {:?}", t.elapsed() / 2000);
    let table = curve25519_dalek::ristretto::RistrettoBasepointTable::create(&p[0]);
    let t = Instant::now();
    for _ in 0..2000 {
        std::hint::black_box(&table * &s[0]);
    }
    println!("table mul {:?}", t.elapsed() / 2000);
    let t = Instant::now();
    for _ in 0..200 {
        std::hint::black_box(curve25519_dalek::ristretto::RistrettoBasepointTable::create(&p[0]));
    }
    println!("table create {:?}", t.elapsed() / 200);
    let t = Instant::now();
    for _ in 0..2000 {
        std::hint::black_box(RistrettoPoint::vartime_double_scalar_mul_basepoint(
            &s[0],
            &p[0],
            &Scalar::ZERO,
        ));
    }
    println!("vartime double base {:?}", t.elapsed() / 2000);
}
#[allow(dead_code)]
fn more() {}
