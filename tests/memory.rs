//! Memory follows the largest graph, not the number of graphs: reading and summarizing a
//! position the way `hackenbush analyze` does (each graph summarized as the reader hands
//! it over, only its report kept) allocates at most 64 bytes per input byte, in every
//! format, whether the input is one huge graph or very many tiny ones. Named after the
//! report: analyze, explain and dot used about 1 KB per graph, and 2.5 million one-edge
//! graphs in a 10 MB file aborted.
//!
//! The heap is measured by an instrumented allocator (peak bytes requested since the
//! start of each read), so the figure does not depend on the machine; whole-process peak
//! memory on 10 MB inputs is measured by `scripts/memory.sh` (docs/performance.md).

use std::alloc::System;

use hackenbush::Summarized;
use hackenbush::convert;
use hackenbush::generate::{Path, Shape};
use hackenbush::source::Source;
use hackenbush::syntax::{self, Format};
use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};

#[global_allocator]
static HEAP: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Peak heap bytes of reading every position of `source` and summarizing its graphs.
fn peak_of_summarizing(format: Format, source: &Source) -> (usize, usize) {
    HEAP.reset_peak_memory();
    let mut reader = syntax::reader(format, source);
    let mut graphs = 0;
    loop {
        let mut summarized = Summarized::default();
        match reader.next_position(&mut summarized) {
            None => break,
            Some(read) => {
                read.unwrap_or_else(|e| panic!("{format}: {}", e.message));
                graphs += summarized.graphs.len();
            }
        }
    }
    (HEAP.get_peak_memory(), graphs)
}

/// About `bytes` of one-edge graphs in one position.
fn tiny_graphs(format: Format, bytes: usize) -> String {
    let mut text = String::new();
    match format {
        Format::Hb => {
            while text.len() < bytes {
                text.push_str("graph:\nground: 0\n0-1\n");
            }
        }
        Format::Christmas => {
            let n = bytes / 8;
            text = format!("{n}\n{}", "2 1\n1 2\n".repeat(n));
        }
        Format::Json => {
            let one = r#"{"ground": [0], "edges": [[0, 1]]}"#;
            let n = bytes / (one.len() + 1);
            text = format!("{{\"graphs\": [{}]}}\n", vec![one; n].join(","));
        }
        Format::Dot => {
            text.push_str("graph position {\n");
            let mut i = 0;
            while text.len() < bytes {
                text.push_str(&format!(
                    "  subgraph cluster_{i} {{ g{i} [ground=true]; g{i} -- a{i} }}\n"
                ));
                i += 1;
            }
            text.push_str("}\n");
        }
        Format::Cgsuite => {
            text = vec!["e"; bytes / 2].join("+");
            text.push('\n');
        }
        other => panic!("no input of tiny graphs written for {other}"),
    }
    text
}

/// About `bytes` of one path from the ground.
fn one_path(format: Format, bytes: usize) -> String {
    let per_edge = match format {
        Format::Hb => 7,
        Format::Christmas => 13,
        Format::Json => 16,
        Format::Dot => 60,
        Format::Cgsuite => 1,
        other => panic!("no bytes per edge known for {other}"),
    };
    let shape = Shape::Path(Path {
        graphs: 1,
        edges: (bytes / per_edge) as u32,
    });
    let mut text = Vec::new();
    convert::write_game(&mut text, format, &shape.position(0, 0), "path").unwrap();
    String::from_utf8(text).unwrap()
}

#[test]
fn summarizing_takes_at_most_64_bytes_per_input_byte() {
    let mut report = Vec::new();
    for format in Format::ALL {
        for (shape, text) in [
            ("tiny graphs", tiny_graphs(format, 1 << 20)),
            ("one path", one_path(format, 1 << 20)),
        ] {
            let source = Source::new(format!("input.{format}"), text.into_bytes()).unwrap();
            let bytes = source.bytes().len();
            let (peak, graphs) = peak_of_summarizing(format, &source);
            assert!(graphs > 0, "{format}, {shape}: nothing read");
            report.push(format!(
                "{format}, {shape}: {graphs} graphs, {bytes} bytes, peak {peak} bytes ({:.1} a byte)",
                peak as f64 / bytes as f64
            ));
            assert!(peak <= 64 * bytes, "{}", report.join("\n"));
        }
    }
}
