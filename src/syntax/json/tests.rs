use super::*;
use crate::syntax::Vertices;

fn ok(text: &str) -> Position {
    parse(text.as_bytes()).unwrap_or_else(|e| panic!("{text:?}: {e:?}"))
}

fn err(text: &str) -> Diagnostic {
    match parse(text.as_bytes()) {
        Ok(p) => panic!("{text:?} parsed: {p:?}"),
        Err(e) => e,
    }
}

/// The span of the `nth` (0-based) occurrence of `needle` in `text`.
fn at(text: &str, needle: &str, nth: usize) -> Span {
    let start = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("{needle:?} not in {text:?}"))
        .0;
    Span::new(start, start + needle.len())
}

/// Asserts that `text` fails with `message` at the `nth` occurrence of `needle`.
fn fails(text: &str, message: &str, needle: &str, nth: usize) -> Diagnostic {
    let e = err(text);
    assert_eq!(e.message, message, "{text:?}");
    assert_eq!(e.span, at(text, needle, nth), "{text:?}: {e:?}");
    e
}

fn names(g: &GraphDecl) -> Vec<VertexName> {
    match &g.vertices {
        Vertices::Named(names) => names.clone(),
        _ => panic!("json vertices are named"),
    }
}

fn num(n: u64) -> VertexName {
    VertexName::Number(n)
}

fn name(s: &str) -> VertexName {
    VertexName::Name(s.into())
}

// ---- Happy paths ----

#[test]
fn a_full_document() {
    let text = r#"{"graphs": [
        {"name": "triangle", "ground": [0], "edges": [[0, 1], [1, 2], [2, 0]]},
        {"edges": [["a", "b"]], "ground": ["a"]}
    ]}"#;
    let p = ok(text);
    assert_eq!(p.case, None);
    assert_eq!(p.span, Span::new(0, text.len()));
    assert_eq!(p.graphs.len(), 2);
    let g = &p.graphs[0];
    assert_eq!(g.name.as_deref(), Some("triangle"));
    assert_eq!(names(g), vec![num(0), num(1), num(2)]);
    assert_eq!(g.ground, vec![0]);
    let ends: Vec<_> = g.edges.iter().map(|e| (e.u, e.v)).collect();
    assert_eq!(ends, vec![(0, 1), (1, 2), (2, 0)]);
    assert_eq!(g.edges[1].span, at(text, "[1, 2]", 0));
    assert_eq!(
        g.span,
        at(
            text,
            r#"{"name": "triangle", "ground": [0], "edges": [[0, 1], [1, 2], [2, 0]]}"#,
            0
        )
    );
    let h = &p.graphs[1];
    assert_eq!(h.name, None);
    assert_eq!(names(h), vec![name("a"), name("b")]);
    assert_eq!(h.ground, vec![0]);
}

#[test]
fn ids_are_interned_in_document_order() {
    let p = ok(r#"{"graphs":[{"ground":["g"],"edges":[["x","g"]]}]}"#);
    let g = &p.graphs[0];
    assert_eq!(names(g), vec![name("g"), name("x")]);
    assert_eq!(g.ground, vec![0]);
    assert_eq!((g.edges[0].u, g.edges[0].v), (1, 0));
}

#[test]
fn numbers_and_strings_are_different_vertices() {
    let p = ok(r#"{"graphs":[{"ground":[1],"edges":[[1,"1"]]}]}"#);
    let g = &p.graphs[0];
    assert_eq!(names(g), vec![num(1), name("1")]);
    assert_eq!((g.edges[0].u, g.edges[0].v), (0, 1));
}

#[test]
fn loops_and_parallel_edges() {
    let p = ok(r#"{"graphs":[{"ground":[0],"edges":[[0,1],[0,1],[1,1]]}]}"#);
    let g = &p.graphs[0];
    let ends: Vec<_> = g.edges.iter().map(|e| (e.u, e.v)).collect();
    assert_eq!(ends, vec![(0, 1), (0, 1), (1, 1)]);
}

#[test]
fn two_ground_vertices_without_repetition() {
    let p = ok(r#"{"graphs":[{"ground":[0,5,0,5],"edges":[[0,1],[1,5]]}]}"#);
    let g = &p.graphs[0];
    assert_eq!(names(g), vec![num(0), num(5), num(1)]);
    assert_eq!(g.ground, vec![0, 1]);
}

#[test]
fn optional_fields() {
    let p = ok(
        r#"{"graphs":[{}, {"name": null}, {"edges": [[1,2]]}, {"ground": [7]}, {"edges": [], "ground": [3]}]}"#,
    );
    assert_eq!(p.graphs.len(), 5);
    assert!(p.graphs[0].name.is_none() && p.graphs[0].edges.is_empty());
    assert!(p.graphs[0].vertices.is_empty() && p.graphs[0].ground.is_empty());
    assert!(p.graphs[1].name.is_none());
    assert!(p.graphs[2].ground.is_empty());
    assert_eq!(p.graphs[2].edges.len(), 1);
    // No edges at all: the ground list may name anything.
    assert_eq!(names(&p.graphs[3]), vec![num(7)]);
    assert_eq!(p.graphs[3].ground, vec![0]);
    assert_eq!(p.graphs[4].ground, vec![0]);
}

#[test]
fn no_graphs() {
    assert!(ok(r#"{"graphs":[]}"#).graphs.is_empty());
    assert!(ok(" \n{ \"graphs\" : [ ] }\n").graphs.is_empty());
}

#[test]
fn escapes_in_names_and_keys() {
    let p = ok(
        r#"{"gr\u0061phs":[{"name":"a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00","ground":["\u0067"],"edges":[["g","\u00e9t\u00e9"]]}]}"#,
    );
    let g = &p.graphs[0];
    assert_eq!(g.name.as_deref(), Some("a\"b\\c/d\u{8}\u{c}\n\r\té😀"));
    assert_eq!(names(g), vec![name("g"), name("été")]);
    let p = ok("{\"graphs\":[{\"name\":\"plain é\"}]}");
    assert_eq!(p.graphs[0].name.as_deref(), Some("plain é"));
}

#[test]
fn crlf_tabs_and_bom() {
    let text = "\u{feff}{\r\n\t\"graphs\" :\r\n [\r\n\t{ \"ground\" : [ 1 ] ,\r\n \"edges\" : [ [ 1 , 2 ] ] }\r\n ]\r\n}\r\n";
    let p = ok(text);
    assert_eq!(p.graphs[0].edges[0].span, at(text, "[ 1 , 2 ]", 0));
}

#[test]
fn large_vertex_numbers() {
    let p = ok(r#"{"graphs":[{"edges":[[18446744073709551615,0]]}]}"#);
    assert_eq!(names(&p.graphs[0]), vec![num(u64::MAX), num(0)]);
}

#[test]
fn unknown_values_elsewhere_are_parsed() {
    // Any JSON is read before the schema is checked, so syntax errors come first.
    let text =
        r#"{"graphs":[{"name":"x","ground":[],"edges":[]}], "x": [1.5e3, -0, true, {"a": null}]}"#;
    fails(
        text,
        "unknown field `x` in the document; expected `graphs`",
        "\"x\"",
        1,
    );
}

// ---- Syntax errors ----

#[test]
fn empty_input() {
    let e = err("");
    assert_eq!(
        e.message,
        "expected `{` to start the document, found end of input"
    );
    assert_eq!(e.span, Span::at(0));
    let e = err("  \n");
    assert_eq!(e.span, Span::at(3));
}

#[test]
fn not_an_object() {
    let e = fails(
        "[1, 2]",
        "expected `{` to start the document, found an array",
        "[1, 2]",
        0,
    );
    assert_eq!(e.label, "expected `{` to start the document");
    fails(
        "42",
        "expected `{` to start the document, found `42`",
        "42",
        0,
    );
    fails(
        "graphs",
        "expected `{` to start the document, found `graphs`",
        "graphs",
        0,
    );
}

#[test]
fn trailing_characters() {
    let e = fails(
        r#"{"graphs":[]} x"#,
        "trailing characters after the JSON document",
        "x",
        0,
    );
    assert_eq!(e.label, "expected end of input, found `x`");
    fails(
        r#"{"graphs":[]}{}"#,
        "trailing characters after the JSON document",
        "{",
        1,
    );
}

#[test]
fn missing_separators() {
    fails(
        r#"{"graphs":[{"edges":[[1,2}]}]}"#,
        "expected `,` or `]`, found `}`",
        "}",
        0,
    );
    fails(
        r#"{"graphs":[] "x":1}"#,
        "expected `,` or `}`, found `\"x\"`",
        "\"x\"",
        0,
    );
    fails(
        r#"{"graphs" []}"#,
        "expected `:` after the key, found `[`",
        "[",
        0,
    );
    fails(r#"{"graphs":}"#, "expected a value, found `}`", "}", 0);
    fails(
        r#"{graphs:[]}"#,
        "expected a string key or `}`, found `graphs`",
        "graphs",
        0,
    );
    fails(
        r#"{"graphs":[[}"#,
        "expected a value or `]`, found `}`",
        "}",
        0,
    );
}

#[test]
fn unexpected_end_of_input() {
    let text = r#"{"graphs":[{"edges":[[1,2]"#;
    let e = err(text);
    assert_eq!(e.message, "expected `,` or `]`, found end of input");
    assert_eq!(e.span, Span::at(text.len()));
}

#[test]
fn trailing_commas() {
    let e = fails(r#"{"graphs":[1,]}"#, "expected a value, found `]`", "]", 0);
    assert_eq!(e.label, "trailing commas are not allowed in JSON");
    fails(
        r#"{"graphs":[],}"#,
        "expected a string key, found `}`",
        "}",
        0,
    );
}

#[test]
fn bad_literals_and_numbers() {
    fails(
        r#"{"graphs":[tru]}"#,
        "expected a value or `]`, found `tru`",
        "tru",
        0,
    );
    fails(
        r#"{"graphs":[nullx]}"#,
        "expected a value or `]`, found `nullx`",
        "nullx",
        0,
    );
    let e = fails(
        r#"{"graphs":[{"edges":[[01,2]]}]}"#,
        "invalid number `01`",
        "01",
        0,
    );
    assert_eq!(e.label, "JSON numbers have no leading zeros");
    fails(r#"{"graphs":[1.]}"#, "invalid number `1.`", "1.", 0);
    fails(r#"{"graphs":[-]}"#, "invalid number `-`", "-", 0);
    fails(r#"{"graphs":[1e]}"#, "invalid number `1e`", "1e", 0);
    fails(r#"{"graphs":[12ab]}"#, "invalid number `12ab`", "12ab", 0);
    fails(
        r#"{"graphs":[1.2.3]}"#,
        "invalid number `1.2.3`",
        "1.2.3",
        0,
    );
    fails(
        "{\"graphs\":[\u{e9}]}",
        "expected a value or `]`, found `\u{e9}`",
        "\u{e9}",
        0,
    );
}

#[test]
fn bad_strings() {
    let text = "{\"graphs\":[{\"name\":\"abc\n\"}]}";
    let e = fails(
        text,
        "expected `\"` to end the string, found end of line",
        "\n",
        0,
    );
    assert_eq!(
        e.label,
        "strings cannot span lines; write a line break as `\\n`"
    );
    let text = "{\"graphs\":[{\"name\":\"a\tb\"}]}";
    let e = fails(text, "control character U+0009 in a string", "\t", 0);
    assert_eq!(e.label, "write it as `\\u0009`");
    let text = r#"{"graphs":[{"name":"abc"#;
    let e = err(text);
    assert_eq!(
        e.message,
        "expected `\"` to end the string, found end of input"
    );
    assert_eq!(e.span, Span::at(text.len()));
    let e = err(r#"{"graphs":[{"name":"abc\"#);
    assert_eq!(
        e.message,
        "expected `\"` to end the string, found end of input"
    );
    fails(
        r#"{"graphs":[{"name":"a\qb"}]}"#,
        "invalid escape `\\q` in a string",
        "\\q",
        0,
    );
    let e = fails(
        r#"{"graphs":[{"name":"a\u12x4"}]}"#,
        "invalid escape `\\u12` in a string",
        "\\u12",
        0,
    );
    assert_eq!(e.label, "expected 4 hex digits after `\\u`");
    fails(
        r#"{"graphs":[{"name":"\ud83d"}]}"#,
        "unpaired surrogate `\\ud83d` in a string",
        "\\ud83d",
        0,
    );
    fails(
        r#"{"graphs":[{"name":"\ud83dx"}]}"#,
        "unpaired surrogate `\\ud83d` in a string",
        "\\ud83d",
        0,
    );
    fails(
        r#"{"graphs":[{"name":"\ud83d\u0041"}]}"#,
        "unpaired surrogate `\\ud83d` in a string",
        "\\ud83d",
        0,
    );
    fails(
        r#"{"graphs":[{"name":"\ude00"}]}"#,
        "unpaired surrogate `\\ude00` in a string",
        "\\ude00",
        0,
    );
}

#[test]
fn invalid_utf8_in_a_string() {
    let text = b"{\"graphs\":[{\"name\":\"ab\xffc\"}]}";
    let e = parse(text).unwrap_err();
    assert_eq!(e.message, "invalid UTF-8 byte 0xff in a string");
    assert_eq!(e.span, Span::new(22, 23));
    // A truncated sequence: the error is at its first byte.
    let text = b"{\"graphs\":[{\"name\":\"\xe2\x82\"}]}";
    let e = parse(text).unwrap_err();
    assert_eq!(e.message, "invalid UTF-8 byte 0xe2 in a string");
    assert_eq!(e.span, Span::new(20, 21));
}

#[test]
fn nesting_too_deep() {
    let text = "[".repeat(1_000_000);
    let e = err(&text);
    assert_eq!(e.message, "nesting too deep (more than 64 levels)");
    assert_eq!(e.span, Span::new(64, 65));
    let text = format!("{{\"graphs\":{}", "[{\"a\":".repeat(500_000));
    let e = err(&text);
    assert_eq!(e.message, "nesting too deep (more than 64 levels)");
    assert_eq!(e.span.end - e.span.start, 1);
    // 64 levels are fine as far as the syntax goes.
    let text = format!("{}{}", "[".repeat(64), "]".repeat(64));
    assert!(
        err(&text)
            .message
            .starts_with("expected `{` to start the document")
    );
}

// ---- Schema errors ----

#[test]
fn top_level_fields() {
    let e = fails(r#"{}"#, "missing field `graphs` in the document", "{", 0);
    assert_eq!(e.label, "expected `{\"graphs\": [...]}`");
    fails(
        r#"{"graph":[]}"#,
        "unknown field `graph` in the document; expected `graphs`",
        "\"graph\"",
        0,
    );
    fails(
        r#"{"graphs":[],"graphs":[]}"#,
        "duplicate field `graphs` in the document",
        "\"graphs\"",
        1,
    );
    fails(
        r#"{"graphs":{}}"#,
        "expected an array of graphs, found an object",
        "{}",
        0,
    );
}

#[test]
fn graph_fields() {
    let e = fails(
        r#"{"graphs":[{"edge":[]}]}"#,
        "unknown field `edge` in a graph; expected `name`, `ground` or `edges`",
        "\"edge\"",
        0,
    );
    assert_eq!(e.label, "expected `name`, `ground` or `edges`");
    let e = fails(
        r#"{"graphs":[{"ground":[],"edges":[],"ground":[]}]}"#,
        "duplicate field `ground` in a graph",
        "\"ground\"",
        1,
    );
    assert_eq!(e.label, "each field may be given only once");
    fails(
        r#"{"graphs":[[]]}"#,
        "expected a graph object `{...}`, found an array",
        "[]",
        0,
    );
    fails(
        r#"{"graphs":[{"name":3}]}"#,
        "expected a graph name (string or null), found `3`",
        "3",
        0,
    );
    fails(
        r#"{"graphs":[{"ground":"g"}]}"#,
        "expected an array of ground vertices, found `\"g\"`",
        "\"g\"",
        0,
    );
    fails(
        r#"{"graphs":[{"edges":null}]}"#,
        "expected an array of edges, found `null`",
        "null",
        0,
    );
}

#[test]
fn bad_edges() {
    fails(
        r#"{"graphs":[{"edges":["ab"]}]}"#,
        "expected an edge `[u, v]`, found `\"ab\"`",
        "\"ab\"",
        0,
    );
    let e = fails(
        r#"{"graphs":[{"edges":[[1,2,3]]}]}"#,
        "an edge has exactly two ends, found 3 elements",
        "[1,2,3]",
        0,
    );
    assert_eq!(e.label, "expected `[u, v]`");
    fails(
        r#"{"graphs":[{"edges":[[1]]}]}"#,
        "an edge has exactly two ends, found 1 element",
        "[1]",
        0,
    );
    fails(
        r#"{"graphs":[{"edges":[[]]}]}"#,
        "an edge has exactly two ends, found 0 elements",
        "[]",
        0,
    );
}

#[test]
fn bad_vertices() {
    fails(
        r#"{"graphs":[{"edges":[[1,true]]}]}"#,
        "expected a vertex id (integer or string), found `true`",
        "true",
        0,
    );
    fails(
        r#"{"graphs":[{"edges":[[[1],2]]}]}"#,
        "expected a vertex id (integer or string), found an array",
        "[1]",
        0,
    );
    for bad in ["1.5", "-3", "1e3", "-0", "1.0"] {
        let text = format!(r#"{{"graphs":[{{"edges":[[0,{bad}]]}}]}}"#);
        let e = fails(
            &text,
            &format!("vertex ids must be non-negative integers or strings, found `{bad}`"),
            bad,
            0,
        );
        assert_eq!(e.label, "expected a non-negative integer or a string");
    }
    let e = fails(
        r#"{"graphs":[{"ground":[18446744073709551616]}]}"#,
        "number too large",
        "18446744073709551616",
        0,
    );
    assert_eq!(e.label, "vertex numbers are at most 18446744073709551615");
    fails(
        r#"{"graphs":[{"edges":[["",1]]}]}"#,
        "empty vertex name",
        "\"\"",
        0,
    );
}

#[test]
fn ground_vertices_must_be_touched() {
    let e = fails(
        r#"{"graphs":[{"ground":["g","x"],"edges":[["g","a"]]}]}"#,
        "unknown vertex `x` in ground list",
        "\"x\"",
        0,
    );
    assert_eq!(e.label, "no edge of this graph touches `x`");
    // Checked after the whole graph, whatever the field order.
    let e = fails(
        r#"{"graphs":[{"edges":[["g","a"]],"ground":["x"]}]}"#,
        "unknown vertex `x` in ground list",
        "\"x\"",
        0,
    );
    assert_eq!(e.label, "no edge of this graph touches `x`");
    // Per graph: a vertex of another graph does not count.
    fails(
        r#"{"graphs":[{"edges":[[1,2]]},{"ground":[1],"edges":[[3,4]]}]}"#,
        "unknown vertex `1` in ground list",
        "1",
        1,
    );
}

#[test]
fn ground_number_and_string_confusion_is_explained() {
    let e = fails(
        r#"{"graphs":[{"ground":["1"],"edges":[[1,2]]}]}"#,
        "unknown vertex `1` in ground list",
        "\"1\"",
        0,
    );
    assert_eq!(
        e.label,
        "no edge of this graph touches the string `\"1\"`; its edges use the number `1`"
    );
    let e = fails(
        r#"{"graphs":[{"ground":[1],"edges":[["1","2"]]}]}"#,
        "unknown vertex `1` in ground list",
        "1",
        0,
    );
    assert_eq!(
        e.label,
        "no edge of this graph touches the number `1`; its edges use the string `\"1\"`"
    );
}

#[test]
fn long_tokens_are_shortened() {
    let long = "k".repeat(100);
    let text = format!(r#"{{"graphs":[{{"{long}":1}}]}}"#);
    let e = err(&text);
    assert_eq!(
        e.message,
        format!(
            "unknown field `{}...` in a graph; expected `name`, `ground` or `edges`",
            "k".repeat(24)
        )
    );
    assert_eq!(e.span.end - e.span.start, 102);
}

#[test]
fn small_and_large_vertex_numbers_mix() {
    // 5000 is first too large for the array of small numbers, then small enough: it
    // must keep its id either way (6000 makes the array long enough to hold 5000).
    let mut text = String::from(r#"{"graphs":[{"ground":[5000],"edges":[[5000,1000000000000]"#);
    for i in 0..2000 {
        text.push_str(&format!(",[{i},{}]", i + 1));
    }
    text.push_str(r#",[2000,6000],[5000,1000000000000],[1000000000000,0]]}]}"#);
    let p = ok(&text);
    let g = &p.graphs[0];
    assert_eq!(g.vertices.len(), 2 + 2001 + 1);
    assert_eq!(g.ground, vec![0]);
    let last = &g.edges[g.edges.len() - 2..];
    assert_eq!((last[0].u, last[0].v), (0, 1));
    assert_eq!((last[1].u, last[1].v), (1, 2));
    assert_eq!(names(g)[..3], [num(5000), num(1_000_000_000_000), num(0)]);
}

#[test]
fn many_edges() {
    let mut text = String::from(r#"{"graphs":[{"ground":[0],"edges":["#);
    for i in 0..100_000u32 {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!("[{},{}]", i / 2, i + 1));
    }
    text.push_str("]}]}");
    let p = ok(&text);
    assert_eq!(p.graphs[0].edges.len(), 100_000);
    assert_eq!(p.graphs[0].vertices.len(), 100_001);
}
