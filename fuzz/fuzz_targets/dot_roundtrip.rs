//! Fuzz target, differential: whatever the dot reader accepts, drawn back as the picture
//! `hackenbush dot` draws (`report::picture`; `hackenbush gen --format dot` writes the same)
//! and read again, is the same position: the same graphs in the same order, with the
//! same names, values and ground vertices, and edge `j` of each joining the pictures of
//! the ends of edge `j` (`n<graph>_<vertex>`). Names come back exactly (the picture shows
//! a control character as its Rust escape, `\u{1}`, and says the name in the cluster's
//! `name` where its title does not give it back), and an unnamed graph named as the
//! reports call it (`graph 2`).
#![no_main]

use hackenbush::report::picture::{self, Options};
use hackenbush::syntax::dot::parse;
use libfuzzer_sys::fuzz_target;

/// Largest position drawn in a fuzz run (keeps runs fast).
const MAX_EDGES: usize = 4096;

fuzz_target!(|data: &[u8]| {
    let Ok(position) = parse(data) else {
        return;
    };
    if position.graphs.iter().map(|g| g.edges.len()).sum::<usize>() > MAX_EDGES {
        return;
    }
    let graphs = hackenbush::analyze_position(position);
    let text = picture::position("fuzz", &graphs, &[], &Options::default());
    let back = parse(text.as_bytes())
        .unwrap_or_else(|e| panic!("the picture does not read back: {}\n{text}", e.message));
    let again = hackenbush::analyze_position(back);
    assert_eq!(again.len(), graphs.len(), "{text}");
    for (k, ((g, a), (h, b))) in graphs.iter().zip(&again).enumerate() {
        let node = |v: u32| format!("n{}_{v}", k + 1);
        let name = |v: u32| h.decl.vertices.name(v).to_string();
        assert_eq!(
            h.decl.name.as_deref(),
            Some(&*g.name),
            "graph {}\n{text}",
            k + 1
        );
        assert_eq!(b.value, a.value, "graph {}\n{text}", k + 1);
        let ground: Vec<String> = g.decl.ground.iter().map(|&v| node(v)).collect();
        let back: Vec<String> = h.decl.ground.iter().map(|&v| name(v)).collect();
        assert_eq!(back, ground, "graph {}\n{text}", k + 1);
        assert_eq!(
            h.decl.edges.len(),
            g.decl.edges.len(),
            "graph {}\n{text}",
            k + 1
        );
        for (j, (e, f)) in g.decl.edges.iter().zip(&h.decl.edges).enumerate() {
            let mut want = [node(e.u), node(e.v)];
            let mut got = [name(f.u), name(f.v)];
            want.sort();
            got.sort();
            assert_eq!(got, want, "graph {}, edge {}\n{text}", k + 1, j + 1);
        }
    }
});
