//! Helpers shared by the benchmark targets: reading criterion's results back for the ratio
//! tables.

// Each benchmark target uses a subset.
#![allow(dead_code)]

/// Mean (ns) of a finished benchmark, read back from criterion's estimates.
pub fn mean(group: &str, function: &str) -> Option<f64> {
    let path = format!(
        "{}/criterion/{group}/{function}/new/estimates.json",
        target_dir()
    );
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["mean"]["point_estimate"].as_f64()
}

pub fn target_dir() -> String {
    std::env::var("CARGO_TARGET_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../target").into())
}

pub fn fmt(ns: f64) -> String {
    if ns < 1e6 {
        format!("{:.1} µs", ns / 1e3)
    } else {
        format!("{:.2} ms", ns / 1e6)
    }
}

/// Median of a list of durations (ns).
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    v[v.len() / 2]
}

/// Ours and theirs alternately, one iteration each, `rounds` times (after two warm-up
/// rounds): the machine's speed drifts (a shared host), and alternating puts both sides under
/// the same conditions. Returns the medians (ns) and the median of the per-round ratios.
pub fn interleaved(
    rounds: usize,
    mut ours: impl FnMut(usize),
    mut theirs: impl FnMut(usize),
) -> (f64, f64, f64) {
    let (mut o, mut t, mut r) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..rounds + 2 {
        let start = std::time::Instant::now();
        ours(i);
        let a = start.elapsed().as_nanos() as f64;
        let start = std::time::Instant::now();
        theirs(i);
        let b = start.elapsed().as_nanos() as f64;
        if i >= 2 {
            o.push(a);
            t.push(b);
            r.push(a / b);
        }
    }
    (median(o), median(t), median(r))
}

/// A batch of ours against the peer one proof at a time (where it has no batch across
/// proofs), per proof: `rounds` rounds alternating over `sets`, each side timed over a whole
/// set. Returns the medians (ns per proof) and their ratio.
pub fn batch_against_each<P>(
    rounds: usize,
    sets: &[Vec<P>],
    mut ours: impl FnMut(&[P]),
    mut theirs: impl FnMut(&P),
) -> (f64, f64, f64) {
    let (mut o, mut t) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        let set = &sets[round % sets.len()];
        let start = std::time::Instant::now();
        ours(set);
        o.push(start.elapsed().as_nanos() as f64 / set.len() as f64);
        let start = std::time::Instant::now();
        set.iter().for_each(&mut theirs);
        t.push(start.elapsed().as_nanos() as f64 / set.len() as f64);
    }
    let (o, t) = (median(o), median(t));
    (o, t, o / t)
}

/// The CPU's model name (every table names it).
pub fn cpu() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

/// One table row of [`interleaved`]'s result: both medians and the median ratio.
pub fn row(what: &str, (ours, theirs, ratio): (f64, f64, f64)) {
    println!("| {what} | {} | {} | {ratio:.2} |", fmt(ours), fmt(theirs));
}
