//! `bench --plot`: prove and verify time against the number of aggregated values m (n = 64),
//! log–log, as an SVG drawn by hand (a few lines and labels need no plotting library).
//!
//! Our series are the run's own measurements; the peers' are the figures recorded in
//! BENCHMARKS.md (their benchmarks need the peers as dev-dependencies, which the CLI does not
//! link), drawn dashed and labelled with the machine and date they were measured on.

use std::fmt::Write as _;
use std::time::Duration;

/// One measured point: m and the time.
pub type Point = (usize, Duration);

/// A line of the plot.
pub struct Series {
    pub name: String,
    pub prove: Vec<Point>,
    pub verify: Vec<Point>,
    pub measured_here: bool,
}

/// The peers' figures from BENCHMARKS.md (AMD EPYC, 2026-11-22, n = 64, one thread).
pub fn peers() -> Vec<Series> {
    let ms = |x: f64| Duration::from_secs_f64(x / 1e3);
    vec![
        Series {
            name: "reference bulletproofs 5.0 (BP)".into(),
            prove: vec![(1, ms(9.29)), (16, ms(147.08)), (64, ms(529.14))],
            verify: vec![(1, ms(1.53)), (16, ms(11.32)), (64, ms(40.71))],
            measured_here: false,
        },
        Series {
            name: "tari_bulletproofs_plus 0.5 (BP+)".into(),
            prove: vec![(1, ms(3.58)), (16, ms(41.67))],
            verify: vec![(1, ms(0.698)), (16, ms(15.14))],
            measured_here: false,
        },
        Series {
            name: "libsecp256k1-zkp (Grin)".into(),
            prove: vec![(1, ms(26.40)), (16, ms(393.06))],
            verify: vec![(1, ms(3.61)), (16, ms(32.41))],
            measured_here: false,
        },
    ]
}

/// Our series (BP, BP+, BP++, Grin's BP, BP++ on secp256k1), then the peers' in the colors of
/// the same proof system (BP, BP+, Grin).
const COLORS: [&str; 8] = [
    "#1f77b4", "#d62728", "#9467bd", "#2ca02c", "#ff7f0e", "#1f77b4", "#d62728", "#2ca02c",
];

/// Renders two panels (prove, verify) side by side.
pub fn svg(series: &[Series], cpu: &str) -> String {
    let (panel_w, panel_h, margin) = (420.0, 300.0, 60.0);
    let width = 2.0 * (panel_w + margin) + margin;
    let height = panel_h + 2.0 * margin + 22.0 * series.len() as f64;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    for (panel, title) in ["prove", "verify"].iter().enumerate() {
        let x0 = margin + panel as f64 * (panel_w + margin);
        let y0 = margin;
        let points: Vec<&Point> = series
            .iter()
            .flat_map(|s| if panel == 0 { &s.prove } else { &s.verify })
            .collect();
        let (lo, hi) = points
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), (_, d)| {
                let v = d.as_secs_f64().max(1e-7).log10();
                (lo.min(v), hi.max(v))
            });
        let (lo, hi) = (lo.floor(), hi.ceil().max(lo.floor() + 1.0));
        let x = |m: usize| x0 + panel_w * (m as f64).log2() / 6.0;
        let y = |d: Duration| y0 + panel_h * (hi - d.as_secs_f64().max(1e-7).log10()) / (hi - lo);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="14" font-weight="bold">{title} time, n = 64 (log–log)</text>"#,
            x0,
            y0 - 20.0
        );
        let _ = writeln!(
            out,
            r##"<rect x="{x0}" y="{y0}" width="{panel_w}" height="{panel_h}" fill="none" stroke="#888"/>"##
        );
        for m in [1usize, 2, 4, 8, 16, 32, 64] {
            let _ = writeln!(
                out,
                r##"<line x1="{0}" y1="{y0}" x2="{0}" y2="{1}" stroke="#eee"/><text x="{0}" y="{2}" text-anchor="middle">{m}</text>"##,
                x(m),
                y0 + panel_h,
                y0 + panel_h + 16.0
            );
        }
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">values aggregated (m)</text>"#,
            x0 + panel_w / 2.0,
            y0 + panel_h + 34.0
        );
        let mut decade = lo;
        while decade <= hi {
            let label = match decade as i32 {
                -6 => "1 µs".to_string(),
                -5 => "10 µs".to_string(),
                -4 => "100 µs".to_string(),
                -3 => "1 ms".to_string(),
                -2 => "10 ms".to_string(),
                -1 => "100 ms".to_string(),
                0 => "1 s".to_string(),
                e => format!("1e{e} s"),
            };
            let yy = y(Duration::from_secs_f64(10f64.powf(decade)));
            let _ = writeln!(
                out,
                r##"<line x1="{x0}" y1="{yy}" x2="{}" y2="{yy}" stroke="#eee"/><text x="{}" y="{}" text-anchor="end">{label}</text>"##,
                x0 + panel_w,
                x0 - 6.0,
                yy + 4.0
            );
            decade += 1.0;
        }
        for (i, s) in series.iter().enumerate() {
            let pts = if panel == 0 { &s.prove } else { &s.verify };
            if pts.is_empty() {
                continue;
            }
            let path: Vec<String> = pts
                .iter()
                .map(|(m, d)| format!("{:.1},{:.1}", x(*m), y(*d)))
                .collect();
            let dash = if s.measured_here {
                ""
            } else {
                r#" stroke-dasharray="6 4""#
            };
            let color = COLORS[i % COLORS.len()];
            let _ = writeln!(
                out,
                r#"<polyline points="{}" fill="none" stroke="{color}" stroke-width="2"{dash}/>"#,
                path.join(" ")
            );
            for (m, d) in pts {
                let _ = writeln!(
                    out,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="3" fill="{color}"/>"#,
                    x(*m),
                    y(*d)
                );
            }
        }
    }
    let legend_y = margin + panel_h + 60.0;
    for (i, s) in series.iter().enumerate() {
        let yy = legend_y + 22.0 * i as f64;
        let color = COLORS[i % COLORS.len()];
        let dash = if s.measured_here {
            ""
        } else {
            r#" stroke-dasharray="6 4""#
        };
        let source = if s.measured_here {
            format!("this run ({cpu})")
        } else {
            "BENCHMARKS.md (AMD EPYC, 2026-11-22)".to_string()
        };
        let _ = writeln!(
            out,
            r#"<line x1="{margin}" y1="{yy}" x2="{}" y2="{yy}" stroke="{color}" stroke-width="2"{dash}/><text x="{}" y="{}">{} — {source}</text>"#,
            margin + 30.0,
            margin + 38.0,
            yy + 4.0,
            escape(&s.name)
        );
    }
    out.push_str("</svg>\n");
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The CPU's model name (Linux), for the legend.
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}
