#!/usr/bin/env bash
# Regenerates expected/NODE.json: what Debian's octocatalog-diff reports, with real Puppet
# 7.23 as its Puppet binary, between the example environment (examples/env) and the same
# environment with change.diff applied. tests/octocatalog.rs runs the same comparison
# with marionette standing in for Puppet and expects the same reports.
#
# Needs: puppet (7.23), octocatalog-diff, git. Usage: tests/octocatalog/regen.sh
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp -r "$root/examples/env" "$work/to"
git -C "$work/to" apply -p1 "$here/change.diff"

while read -r node facts; do
    # Exit status 2 means "there are differences".
    status=0
    octocatalog-diff -n "$node" \
        --bootstrapped-from-dir "$root/examples/env" --bootstrapped-to-dir "$work/to" \
        --fact-file "$root/examples/facts/$facts" --puppet-binary "$(command -v puppet)" \
        --no-hiera-config --output-format=json </dev/null >"$work/out" 2>"$work/log" || status=$?
    if [[ $status != 0 && $status != 2 ]]; then
        cat "$work/log" >&2
        exit 1
    fi
    sed -E 's#/tmp/ocd-ipc-[^/"]*/ocd-builddir-[^/"]*/#BUILD/#g' "$work/out" >"$here/expected/$node.json"
    echo "expected/$node.json"
done <"$here/nodes"
