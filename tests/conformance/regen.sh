#!/bin/sh
# Regenerates the expected result of conformance cases with real Puppet 7.23 (the
# oracle in ../shared/oracle). Needs `apt-get install puppet-agent`; CI never runs it.
#
#   tests/conformance/regen.sh             every case
#   tests/conformance/regen.sh CASE...     some cases (directory names)
#
# A case is a directory with env/ (the environment), and optionally `node` (the node
# name; default node.example.com), facts.yaml, trusted.yaml and `args` (extra oracle
# flags, one line, e.g. --no-strict-hostname), `global/hiera.yaml` (the global Hiera
# layer, passed as --set hiera_config=...) and `enc` (an executable ENC script, passed
# as --enc; beside an `inventory.yaml`, it prints what that inventory answers, and the
# test compiles the case with the inventory plugin too). The result is expected.json (file paths
# relative to env/) or, when Puppet fails, expected.error (its last Error: line, the
# one that names the node, with the case's path removed and the oracle's private
# environmentpath written <environmentpath>). env/ and facts.yaml may be symbolic links
# (to an environment or a fact set shared by several cases; Puppet reports env/'s files
# under its real path, which is removed too). With a catalog comes expected.log, what
# Puppet logged (notices and warnings, the same paths removed; empty if nothing). Directories without env/ (e.g. _facts)
# are not cases. When the oracle refuses its input before
# Puppet runs (exit 2, e.g. an ENC script that is not executable), its
# `puppet-compile: ` message is recorded as the error.
#
# CASES_DIR=DIR regenerates the cases of another directory of the same layout (a
# plugin's); Puppet runs in that directory, so relative paths in a case (key files named
# in hiera.yaml options) are relative to it.
set -eu
script=$(cd "$(dirname "$0")" && pwd)
here=$(cd "${CASES_DIR:-$script}" && pwd)
oracle=${ORACLE:-$script/../../../shared/oracle/puppet-compile}
[ -x "$oracle" ] || oracle=/work/shared/oracle/puppet-compile
cd "$here"
names="$*"
[ -n "$names" ] || names=$(for d in */; do [ ! -d "$d/env" ] || basename "$d"; done)
for case in $names; do
  node=node.example.com
  [ -f "$case/node" ] && node=$(head -n1 "$case/node")
  set -- --env "$here/$case/env" --env-name production --node "$node" --stable-ids
  [ -f "$case/facts.yaml" ] && set -- "$@" --facts "$here/$case/facts.yaml"
  [ -f "$case/trusted.yaml" ] && set -- "$@" --trusted "$here/$case/trusted.yaml"
  [ -f "$case/global/hiera.yaml" ] && set -- "$@" --set "hiera_config=$here/$case/global/hiera.yaml"
  [ -f "$case/enc" ] && set -- "$@" --enc "$here/$case/enc"
  # shellcheck disable=SC2046
  [ -f "$case/args" ] && set -- "$@" $(cat "$case/args")
  real=$(cd "$case/env" && pwd -P)
  rm -f "$case/expected.json" "$case/expected.error" "$case/expected.log"
  if "$oracle" "$@" --out "$here/$case/expected.json" 2>"$here/$case/.stderr"; then
    grep -Ev '^([a-z_]+_seconds[a-z_]*|puppet-compile): ' "$here/$case/.stderr" |
      sed -e "s|$here/$case/env/||g" -e "s|$real/||g" -e "s|$here/$case/||g" \
        -e 's|[^ ]*/puppet-oracle-[^/ ]*/environments|<environmentpath>|g' > "$here/$case/expected.log" || true
    python3 - "$here/$case/expected.json" "$here/$case/env/" "$real/" <<'PY'
import json, sys
path, roots = sys.argv[1], sys.argv[2:]
cat = json.load(open(path))
for r in cat.get("resources", []):
    for root in roots:
        if isinstance(r.get("file"), str) and r["file"].startswith(root):
            r["file"] = r["file"][len(root):]
json.dump(cat, open(path, "w"), indent=2)
open(path, "a").write("\n")
PY
    printf '%-40s ok\n' "$case"
  else
    rm -f "$here/$case/expected.json"
    { grep '^Error: ' "$here/$case/.stderr" ||
      grep '^puppet-compile: ' "$here/$case/.stderr" | sed 's/^puppet-compile: /Error: /'; } |
      tail -n1 | sed -e "s|$here/$case/env/||g" -e "s|$real/||g" -e "s|$here/$case/||g" \
        -e 's|[^ ]*/puppet-oracle-[^/ ]*/environments|<environmentpath>|g' > "$here/$case/expected.error"
    printf '%-40s error: %s\n' "$case" "$(cat "$here/$case/expected.error")"
  fi
  rm -f "$here/$case/.stderr"
done
