//! Criterion benchmarks of the readers: one random cactus (polygons sharing vertices, so
//! every format has cycles to say) of 10^3, 10^4 and 10^5 edges, written by the library's
//! writers in each format (hb, christmas, json, dot, cgsuite) and read back with
//! [`syntax::parse`]; throughput in input bytes. Also the judge's reader
//! ([`Cases::next_edge_lists`], bare edge lists, no syntax tree) on the same christmas
//! text and on many small POJ 3710 test cases. `cargo bench --bench parse`.
//!
//! Inputs come from `hackenbush::generate` with a fixed seed (`benches/common`).

mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use hackenbush::convert;
use hackenbush::generate::{Poj, Shape};
use hackenbush::source::Source;
use hackenbush::syntax::christmas::{Cases, EdgeLists};
use hackenbush::syntax::{self, Format, Position};

/// `position` written in `format`.
fn text(format: Format, positions: &[Position]) -> Source {
    let mut bytes = Vec::new();
    for position in positions {
        convert::write_game(&mut bytes, format, position, "cactus (bench)").expect("writable");
    }
    Source::new(format!("bench.{}", format.name()), bytes).expect("small enough")
}

/// Reads every position of `source`; returns the number of edges read.
fn parse_all(format: Format, source: &Source) -> usize {
    syntax::parse(format, source)
        .map(|p| {
            let p = p.expect("the writers' output reads back");
            p.graphs.iter().map(|g| g.edges.len()).sum::<usize>()
        })
        .sum()
}

/// Reads every test case of a christmas text as the judge does; returns the edge count.
fn edge_lists(bytes: &[u8]) -> usize {
    let mut cases = Cases::new(bytes);
    let mut lists = EdgeLists::default();
    let mut edges = 0;
    while let Some(case) = cases.next_edge_lists(&mut lists) {
        case.expect("the writer's output reads back");
        edges += lists.ends.len() / 2;
    }
    edges
}

fn bench(c: &mut Criterion) {
    for m in [1_000u32, 10_000, 100_000] {
        let mut group = common::group(c, "parse", m);
        let position = common::cactus(m).position(common::SEED, 0);
        for format in Format::ALL {
            let source = text(format, std::slice::from_ref(&position));
            group.throughput(Throughput::Bytes(source.bytes().len() as u64));
            group.bench_with_input(format.name(), &source, |b, source| {
                b.iter(|| black_box(parse_all(format, source)))
            });
            if format == Format::Christmas {
                group.bench_with_input("christmas_edge_lists", &source, |b, source| {
                    b.iter(|| black_box(edge_lists(source.bytes())))
                });
            }
        }
        group.finish();
    }

    // Many small test cases: 200 POJ 3710 cases of random size within the statement's
    // bounds (about 10^4 trees, 5.7 * 10^5 edges, 3 MB).
    let mut group = c.benchmark_group("parse/poj_cases");
    let positions: Vec<Position> = Shape::Poj(Poj::default())
        .positions(common::SEED, 200)
        .collect();
    let source = text(Format::Christmas, &positions);
    group.throughput(Throughput::Bytes(source.bytes().len() as u64));
    group.bench_with_input("christmas", &source, |b, source| {
        b.iter(|| black_box(parse_all(Format::Christmas, source)))
    });
    group.bench_with_input("christmas_edge_lists", &source, |b, source| {
        b.iter(|| black_box(edge_lists(source.bytes())))
    });
    group.finish();
}

common::main!(bench);
