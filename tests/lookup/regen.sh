#!/bin/sh
# Regenerates tests/lookup/<case>/expected with real `puppet lookup` (Puppet 7.23).
# Needs the puppet-agent package; CI never runs it. See README for the case format.
#
#   tests/lookup/regen.sh            every case
#   tests/lookup/regen.sh CASE...    some cases (directory names)
#
# Every key line is run as its own `puppet lookup` process, with a private confdir,
# vardir, codedir, ssldir... (nothing under /etc/puppet* or /var/lib/puppet is read),
# the case's env/ exposed as the environment `production`, and hiera_config pointing
# at the case's global/hiera.yaml or else at a file that does not exist.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
puppet=${PUPPET:-puppet}
cd "$here"
names="$*"
[ -n "$names" ] || names=$(for d in */; do [ -d "$d/env" ] && basename "$d"; done)
for case in $names; do
  dir="$here/$case"
  envdir=$(cd "$dir/env" && pwd -P)
  tmp=$(mktemp -d /tmp/puppet-lookup-XXXXXX)
  for d in conf var code code/modules log run public ssl vendor_modules environments; do mkdir -p "$tmp/$d"; done
  ln -s "$envdir" "$tmp/environments/production"
  hiera_config="$tmp/conf/hiera.yaml" # absent => no global layer of our own
  [ -f "$dir/global/hiera.yaml" ] && hiera_config="$dir/global/hiera.yaml"
  node=node.example.com
  [ -f "$dir/node" ] && node=$(head -n1 "$dir/node")
  out="$dir/expected.tmp"
  : > "$out"
  while IFS= read -r line || [ -n "$line" ]; do
    set -f
    # shellcheck disable=SC2086
    set -- $line
    set +f
    [ $# -gt 0 ] || continue
    [ -f "$dir/facts.yaml" ] && set -- "$@" --facts "$dir/facts.yaml"
    rc=0
    (cd "$tmp" && "$puppet" lookup \
      --confdir "$tmp/conf" --vardir "$tmp/var" --codedir "$tmp/code" --logdir "$tmp/log" \
      --rundir "$tmp/run" --publicdir "$tmp/public" --ssldir "$tmp/ssl" \
      --vendormoduledir "$tmp/vendor_modules" --basemodulepath "$tmp/code/modules" \
      --hiera_config "$hiera_config" --environmentpath "$tmp/environments" \
      --environment production --node "$node" --color=false --render-as json "$@") \
      >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
    if [ "$rc" -eq 0 ]; then
      tr -d '\n' < "$tmp/stdout" >> "$out"
      echo >> "$out"
    else
      err=$(grep '^Error: ' "$tmp/stderr" | head -n1 | sed -e 's/^Error: //' \
        -e "s|$tmp/environments/production/||g" -e "s|$envdir/||g" -e "s|$dir/||g" -e "s|$tmp/||g")
      if [ -n "$err" ]; then
        printf 'ERROR: %s\n' "$err" >> "$out"
      else
        echo "NO VALUE" >> "$out"
      fi
    fi
  done < "$dir/keys"
  mv "$out" "$dir/expected"
  rm -rf "$tmp"
  printf '%-36s %s lines\n' "$case" "$(wc -l < "$dir/expected")"
done
