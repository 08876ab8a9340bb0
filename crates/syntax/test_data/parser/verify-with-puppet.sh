#!/usr/bin/env bash
# Re-checks the parser test data against real Puppet (developed against 7.23.0)
# and regenerates the err/*.puppet files.
#
#   crates/syntax/test_data/parser/verify-with-puppet.sh [-j JOBS]
#
# * every ok/*.pp must be accepted by `puppet parser validate`,
#   every ok/*.epp by `puppet epp validate`;
# * every err/* file must be rejected; Puppet's `Error:` lines are written to
#   err/NNNN_name.puppet, with the absolute path of the file replaced by its
#   bare file name. The EPP boilerplate lines "Errors while validating epp"
#   and "Try 'puppet help epp validate' for usage" are left out.
# * warnings Puppet prints for ok/ files are listed (they do not fail the run).
#
# Needs Puppet on PATH. Not run in CI. Exits non-zero if any file is misclassified.
set -u -o pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# Pin the settings that change what validation reports, so a local puppet.conf
# cannot change the result (duplicate hash keys are a warning under strict=warning,
# an error under strict=error; `plan`/`apply` become keywords with --tasks).
PUPPET_OPTS=(--color=false --strict=warning --no-tasks)

validate() { # validate FILE... ; prints Puppet's output, returns its exit code
  case "$1" in
    *.epp) puppet epp validate "${PUPPET_OPTS[@]}" "$@" 2>&1 ;;
    *)     puppet parser validate "${PUPPET_OPTS[@]}" "$@" 2>&1 ;;
  esac
}

if [ "${1:-}" = "--one-err" ]; then
  # Internal mode: check one err/ file and write its .puppet file.
  f="$2"
  out="$(validate "$f")"; rc=$?
  if [ $rc -eq 0 ]; then
    echo "ACCEPTED (should be rejected): err/$(basename "$f")"
    exit 1
  fi
  dir="$(dirname "$f")/"
  printf '%s\n' "$out" \
    | grep '^Error: ' \
    | grep -v -e "^Error: Errors while validating epp$" -e "^Error: Try 'puppet help " \
    | sed "s|$dir||g" > "${f%.*}.puppet"
  exit 0
fi

JOBS="$(nproc 2>/dev/null || echo 2)"
if [ "${1:-}" = "-j" ]; then JOBS="$2"; fi

command -v puppet >/dev/null || { echo "puppet not found on PATH" >&2; exit 2; }
echo "Using Puppet $(puppet --version)"
cd "$HERE"
status=0

# --- ok/: batch per file kind; fall back to one file at a time to find the culprit.
for ext in pp epp; do
  files=(); for f in "$HERE"/ok/*."$ext"; do [ -e "$f" ] && files+=("$f"); done
  [ ${#files[@]} -eq 0 ] && continue
  out="$(validate "${files[@]}")"; rc=$?
  if [ $rc -ne 0 ]; then
    for f in "${files[@]}"; do
      if ! one="$(validate "$f")"; then
        echo "REJECTED (should be accepted): ok/$(basename "$f")"
        printf '%s\n' "$one" | grep '^Error: ' | sed 's/^/    /'
        status=1
      fi
    done
  fi
  printf '%s\n' "$out" | grep '^Warning: ' | sed "s|$HERE/||g; s/^/  ok: /"
  echo "ok/*.$ext: ${#files[@]} files checked"
done

# --- err/: one Puppet run per file (the output must be attributed to one file).
rm -f "$HERE"/err/*.puppet
errfiles=(); for f in "$HERE"/err/*.pp "$HERE"/err/*.epp; do [ -e "$f" ] && errfiles+=("$f"); done
if ! printf '%s\0' "${errfiles[@]}" | xargs -0 -n1 -P "$JOBS" "$HERE/verify-with-puppet.sh" --one-err; then
  status=1
fi
echo "err/: ${#errfiles[@]} files checked"

for f in "${errfiles[@]}"; do
  p="${f%.*}.puppet"
  if [ ! -s "$p" ]; then echo "NO Error: LINES for err/$(basename "$f")"; status=1; fi
done

[ $status -eq 0 ] && echo "All files classified as expected."
exit $status
