//! Links the `marionette` binary as a position-dependent executable on Linux.
//!
//! A position-independent executable is relocated by the dynamic loader at every
//! start: the binary has some 16,000 relative relocations (vtables, string tables,
//! the grammar's tables), and applying them wrote to every page of its relocated
//! data. Measured on the role scenario's cold compile (a 45 ms process): the loader
//! took 1.3 million cycles, three quarters of it relocating, and 176 page faults;
//! linked at a fixed address it takes 0.2 million cycles, and the compile is 1-3%
//! faster. The cost is address-space layout randomisation of the executable's own
//! image (shared libraries, the heap and the stacks stay randomised); a build that
//! wants it back sets `MARIONETTE_PIE=1`.
//!
//! Only the binaries are linked so: the plugins are shared libraries, and the crates
//! are still compiled as position-independent code, which links either way.

fn main() {
    println!("cargo:rerun-if-env-changed=MARIONETTE_PIE");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    if linux && std::env::var_os("MARIONETTE_PIE").is_none() {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
