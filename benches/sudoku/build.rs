//! Builds tdoku's solver into the bench when `TDOKU_SRC` names a checkout of
//! t-dillon/tdoku: its `src/solver_dpll_triad_simd.cc` and `src/util.cc`,
//! with the flags of tdoku's own build (`-O3 -march=native`, C++14,
//! `-fno-exceptions -fno-rtti`), and our driver `tdoku_driver.cc`, which
//! hands it the bench's lines. The bench then has the `tdoku` cfg and adds
//! tdoku rows. Nothing of tdoku is in this repository: without the variable
//! nothing is compiled and the table says how to add the rows.

use std::path::PathBuf;

fn main() {
    println!("cargo::rerun-if-env-changed=TDOKU_SRC");
    println!("cargo::rerun-if-changed=tdoku_driver.cc");
    println!("cargo::rustc-check-cfg=cfg(tdoku)");
    let Some(dir) = std::env::var_os("TDOKU_SRC").filter(|dir| !dir.is_empty()) else {
        return;
    };
    let src = PathBuf::from(dir).join("src");
    let sources = [src.join("solver_dpll_triad_simd.cc"), src.join("util.cc")];
    for source in &sources {
        if !source.is_file() {
            panic!(
                "TDOKU_SRC: no {} (TDOKU_SRC names a checkout of t-dillon/tdoku)",
                source.display()
            );
        }
        println!("cargo::rerun-if-changed={}", source.display());
    }
    cc::Build::new()
        .cpp(true)
        .std("c++14")
        .opt_level(3)
        .debug(false)
        .flag("-march=native")
        .flag("-fno-exceptions")
        .flag("-fno-rtti")
        .warnings(false)
        .include(&src)
        .files(&sources)
        .file("tdoku_driver.cc")
        .compile("tdoku");
    println!("cargo::rustc-cfg=tdoku");
}
