#!/bin/sh
# Records Ruby's output of each template here (`NAME.erb` -> `NAME.out`), with what
# Puppet 7 has loaded (ipaddr, json) and Puppet's trim mode. Needs Ruby 3.1.
cd "$(dirname "$0")" || exit 1
for t in ${1:-*.erb}; do
  t=${t%.erb}
  ruby -rerb -ripaddr -rjson -e 'print ERB.new(File.read(ARGV[0]), trim_mode: "-").result' "$t.erb" > "$t.out" 2>&1 ||
    echo "$t: Ruby failed" >&2
done
