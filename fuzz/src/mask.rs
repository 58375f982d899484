//! The inputs of the masked fuzz targets: the input as a whole proof (first byte even), or as
//! an XOR mask over a fixed valid proof (first byte odd; the mask's third byte, when odd, also
//! cuts the result to the mask's length or extends it with zeros to it). The second byte is the
//! target's own (it picks a base proof).

/// The proof the input stands for, over `base`.
pub fn proof_from(data: &[u8], base: &[u8]) -> Vec<u8> {
    match data.first() {
        Some(first) if first % 2 == 1 => {
            let mask = data.get(2..).unwrap_or(&[]);
            let mut out = base.to_vec();
            if data.get(2).is_some_and(|b| b % 2 == 1) {
                out.resize(mask.len(), 0);
            }
            for (o, m) in out.iter_mut().zip(mask) {
                *o ^= m;
            }
            out
        }
        _ => data.get(2..).unwrap_or(&[]).to_vec(),
    }
}
