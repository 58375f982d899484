use super::*;
use rand_core::OsRng;
use std::sync::mpsc::{channel, Receiver, Sender};

/// One end of an in-memory duplex stream: what the test would do over TCP, without sockets.
struct End {
    tx: Sender<Vec<u8>>,
    rx: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

fn duplex() -> (End, End) {
    let (a_tx, b_rx) = channel();
    let (b_tx, a_rx) = channel();
    (
        End {
            tx: a_tx,
            rx: a_rx,
            pending: Vec::new(),
        },
        End {
            tx: b_tx,
            rx: b_rx,
            pending: Vec::new(),
        },
    )
}

impl Read for End {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            match self.rx.recv() {
                Ok(bytes) => self.pending = bytes,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

impl Write for End {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.tx
            .send(buf.to_vec())
            .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn messages_round_trip_and_refuse_what_they_are_not() {
    let setup = Setup {
        position: 3,
        m: 8,
        bits: 32,
        flavor: MpcDeployment::Monero,
        run_nonce: [7; 32],
        label: Vec::new(),
    };
    assert_eq!(Setup::from_bytes(&setup.to_bytes()).unwrap(), setup);
    assert_eq!(
        Hello::from_bytes(&Hello { values: 5 }.to_bytes())
            .unwrap()
            .values,
        5
    );
    for bad in [&b"RPMH\x00\x00"[..], b"RPMH\x41\x00", b"RPMX\x01\x00", b""] {
        assert!(Hello::from_bytes(bad).is_err());
    }
    let mut bytes = setup.to_bytes();
    bytes[9] = 9;
    assert!(Setup::from_bytes(&bytes).is_err(), "unknown flavor");
    assert!(
        Setup::from_bytes(&setup.to_bytes()[..41]).is_err(),
        "short nonce"
    );
    let mut long = setup.to_bytes();
    long.extend(vec![b'x'; 257]);
    assert!(Setup::from_bytes(&long).is_err(), "label over 256 bytes");
    let mut frame = (MAX_FRAME as u32 + 1).to_le_bytes().to_vec();
    frame.extend([0; 8]);
    assert_eq!(
        receive_frame(&mut &frame[..]),
        Err(TransportError::FrameTooLarge(MAX_FRAME + 1))
    );
    assert_eq!(
        receive_frame(&mut &[1u8, 0][..]),
        Err(TransportError::Disconnected)
    );
}

/// Two parties and a dealer over in-memory streams make an ordinary proof that verifies,
/// and each party's openings (handed over before its first commitment leaves) open the
/// commitments the proof lists.
#[test]
fn a_run_over_any_stream_makes_a_proof() {
    for flavor in [MpcDeployment::Dalek, MpcDeployment::Monero] {
        let holdings: [&[u64]; 2] = [&[1, 2], &[u64::MAX]];
        let mut peers = Vec::new();
        let mut parties = Vec::new();
        for (i, values) in holdings.into_iter().enumerate() {
            let (mut dealer_end, mut party_end) = duplex();
            parties.push(std::thread::spawn(move || {
                let mut kept = None;
                run_party(
                    &mut party_end,
                    values,
                    |o| {
                        kept = Some(o.clone());
                        Ok(())
                    },
                    &mut OsRng,
                )
                .map(|()| kept.expect("kept before the first message"))
            }));
            let hello = receive_hello(&mut dealer_end).unwrap();
            peers.push(Peer {
                stream: dealer_end,
                name: format!("in-memory {i}"),
                values: hello.values,
                position: 0,
            });
        }
        let dealt = run_dealer(&mut peers, flavor, 64, b"transport test", &mut OsRng)
            .unwrap_or_else(|e| panic!("{flavor:?}: {e}"));
        announce_done(&mut peers);
        let mut listed = Vec::new();
        for party in parties {
            let openings = party.join().unwrap().unwrap();
            assert_eq!(openings.flavor.as_deref(), Some(flavor.name()));
            listed.extend(openings.commitments.clone());
        }
        assert_eq!(listed, dealt.commitments);
        assert_eq!(dealt.flavor, flavor.name());
        let expected_label = (flavor == MpcDeployment::Dalek).then(|| "transport test".to_owned());
        assert_eq!(
            dealt.fields.typed::<String>("transcript_label").unwrap(),
            expected_label
        );
        crate::tests_support::assert_verifies(&dealt);
    }
}

/// A party whose openings cannot be kept sends no commitment: the dealer names it.
#[test]
fn a_party_that_cannot_keep_its_openings_stops_the_run() {
    let (mut dealer_end, mut party_end) = duplex();
    let party = std::thread::spawn(move || {
        run_party(
            &mut party_end,
            &[5],
            |_| Err("disk full".to_string()),
            &mut OsRng,
        )
    });
    let hello = receive_hello(&mut dealer_end).unwrap();
    let mut peers = vec![Peer {
        stream: dealer_end,
        name: "in-memory".into(),
        values: hello.values,
        position: 0,
    }];
    let failure = run_dealer(&mut peers, MpcDeployment::Dalek, 8, b"t", &mut OsRng)
        .err()
        .unwrap();
    assert_eq!(party.join().unwrap(), Err("disk full".to_string()));
    assert!(failure.0.contains("party 0 (in-memory"), "{failure}");
    assert!(failure.0.contains("disconnected"), "{failure}");
}
