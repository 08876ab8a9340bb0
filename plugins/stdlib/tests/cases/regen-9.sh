#!/bin/sh
# Regenerates the stdlib 9 cases (stdlib9_*) with real Puppet 7.23 and stdlib 9.x. Their
# env/modules/stdlib holds one-line placeholders that mark the functions present for
# Marionette; for Puppet, the real module (kept outside the repository) takes its place
# while the case compiles, then the placeholders come back.
#
#   plugins/stdlib/tests/cases/regen-9.sh STDLIB9_DIR CASE...
#   (STDLIB9_DIR: e.g. `git -C <puppetlabs-stdlib> archive v9.7.0 | tar -x -C STDLIB9_DIR`)
set -eu
[ $# -ge 2 ] || { echo "usage: $0 STDLIB9_DIR CASE..." >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
real=$(cd "$1" && pwd)
shift
[ -f "$real/metadata.json" ] || { echo "$real: not a module" >&2; exit 2; }
for case in "$@"; do
  modules=$here/$case/env/modules
  mv "$modules/stdlib" "$modules/.stdlib-placeholders"
  ln -s "$real" "$modules/stdlib"
  status=0
  "$here/regen.sh" "$case" || status=$?
  rm "$modules/stdlib"
  mv "$modules/.stdlib-placeholders" "$modules/stdlib"
  [ $status -eq 0 ] || exit $status
done
