#!/usr/bin/env bash
# Runs Marionette and real Puppet 7.23 on the same inputs and writes benches/RESULTS.md:
# cold single compile (whole process), warm compile, fleet throughput, parse throughput
# and peak memory, with the commands that produced each number.
#
# Needs: puppet (7.23), the oracle's puppet-compile (ORACLE, default
# ../shared/oracle/puppet-compile), python3, the Debian module
# corpus for the parse row. Not run in CI: timings never go into tests.
#
# Usage: benches/compare.sh [SCENARIO...]
#   SCENARIO: a directory with env/ (an environment) and facts/ (<certname>.yaml per node);
#   default: examples (the bundled example environment).
# Environment: RUNS (whole-process runs per measurement, default 5), FLEET (nodes in the
# fleet run, default 1000), REPEAT (Puppet's warm compiles, default 20).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
oracle=${ORACLE:-$root/../shared/oracle/puppet-compile}
runs=${RUNS:-5}
fleet=${FLEET:-1000}
repeat=${REPEAT:-20}
scenarios=("$@")
[[ ${#scenarios[@]} -gt 0 ]] || scenarios=(examples)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet
bin=$root/target/release/marionette

# `elapsed-seconds peak-KB` of one run of a command, and the median elapsed and largest
# peak RSS over $runs runs (benches/measure.py: spawn-to-reap timing, wait4's maxrss)
measure() { "$root/benches/measure.py" 1 "$@"; }
measure_runs() { "$root/benches/measure.py" "$runs" "$@"; }
ratio() { python3 -c "print(f'{$1 / $2:.0f}x')"; }

out=$root/benches/RESULTS.md
{
    echo "# Marionette vs Puppet 7.23, side by side"
    echo
    echo "Written by \`benches/compare.sh ${scenarios[*]}\` on $(date -u +%Y-%m-%d), $(nproc) CPUs,"
    echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg). Puppet: $(puppet --version) (Debian), through"
    echo "the oracle's \`puppet-compile\`. Times are medians of $runs runs, each timed from"
    echo "spawn to exit (\`benches/measure.py\`); memory is the largest peak RSS (wait4's maxrss)."
    echo "Cold compiles are timed in turns, one Puppet run then one Marionette run, so that"
    echo "both see the same moments of the machine."
    echo
} >"$out"

for scenario in "${scenarios[@]}"; do
    env_dir=$(cd "$scenario/env" && pwd)
    mapfile -t facts < <(ls "$scenario"/facts/*.yaml)
    {
        echo "## Scenario \`$scenario\`"
        echo
        echo "| node | resources | cold: Puppet | cold: Marionette | speed-up | warm: Puppet | warm: Marionette | speed-up | peak RSS Puppet / Marionette |"
        echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    } >>"$out"
    for f in "${facts[@]}"; do
        node=$(basename "$f" .yaml)
        # In turns (Puppet, Marionette, Puppet...): both see the same moments of the
        # machine, whose speed drifts (see measure.py).
        read -r p_cold p_mem m_cold m_mem < <(measure_runs \
            "$oracle" --env "$env_dir" --node "$node" --facts "$f" --stable-ids --quiet --out "$work/p.json" ::: \
            "$bin" compile --env "$env_dir" --node "$node" --facts "$f" --stable-ids --output "$work/m.json")
        resources=$(python3 -c "import json; print(len(json.load(open('$work/m.json'))['resources']))")
        p_warm=$("$oracle" --env "$env_dir" --node "$node" --facts "$f" --stable-ids --quiet --repeat "$repeat" --out "$work/p-warm.json" 2>&1 |
            sed -n 's/^compile_seconds_warm_median: //p')
        m_warm=$(MARIONETTE_BENCH_SCENARIO=$scenario cargo bench --quiet --bench compile -- --noplot "compile/evaluate/$node\$" >/dev/null 2>&1 &&
            python3 -c "import json; print(json.load(open('$root/target/criterion/compile/evaluate_$node/new/estimates.json'))['median']['point_estimate'] / 1e9)")
        printf '| %s | %s | %.3f s | %.4f s | %s | %.4f s | %.5f s | %s | %d / %d MB |\n' \
            "$node" "$resources" "$p_cold" "$m_cold" "$(ratio "$p_cold" "$m_cold")" \
            "$p_warm" "$m_warm" "$(ratio "$p_warm" "$m_warm")" $((p_mem / 1024)) $((m_mem / 1024)) >>"$out"
        echo "$p_warm" >>"$work/puppet_warm"
    done

    # Fleet: FLEET nodes (the scenario's facts under new certnames) in one run.
    rm -rf "$work/fleet" && mkdir -p "$work/fleet/facts" "$work/fleet/out"
    for ((i = 0; i < fleet; i++)); do
        f=${facts[i % ${#facts[@]}]}
        node=$(basename "$f" .yaml)
        cp "$f" "$work/fleet/facts/${node%%.*}$(printf %04d "$i").${node#*.}.yaml"
    done
    read -r m_fleet m_fleet_mem < <(measure "$bin" compile --env "$env_dir" --facts-dir "$work/fleet/facts" --output-dir "$work/fleet/out" --stable-ids)
    p_fleet=$(python3 -c "import sys; w=[float(x) for x in open('$work/puppet_warm')]; print($fleet * sum(w) / len(w))")
    {
        echo
        echo "Fleet: $fleet nodes (the scenario's facts under new certnames). Marionette:"
        echo "\`marionette compile --env $scenario/env --facts-dir DIR --output-dir DIR --stable-ids\`,"
        printf '%.2f s (%.0f catalogs/s), peak RSS %d MB. ' "$m_fleet" "$(python3 -c "print($fleet / $m_fleet)")" $((m_fleet_mem / 1024))
        echo "Puppet compiles one node at a time per"
        printf 'JRuby/Ruby instance: %d x its warm compile is %.1f s on one instance (%.1fx).\n' "$fleet" "$p_fleet" "$(python3 -c "print($p_fleet / $m_fleet)")"
        echo
    } >>"$out"
    rm -f "$work/puppet_warm"
done

# Parse throughput over the Debian module corpus.
corpus=${MARIONETTE_CORPUS:-/usr/share/puppet/modules}
if [[ -d $corpus ]]; then
    find -L "$corpus" -name '*.pp' -type f -print0 | xargs -0 realpath | sort -u >"$work/pp"
    find -L "$corpus" -name '*.epp' -type f -print0 | xargs -0 realpath | sort -u >"$work/epp"
    bytes=$(cat "$work/pp" "$work/epp" | xargs cat | wc -c)
    read -r p_pp p_pp_mem < <(measure_runs xargs -a "$work/pp" -d '\n' puppet parser validate)
    read -r p_epp _ < <(measure_runs xargs -a "$work/epp" -d '\n' puppet epp validate --continue_on_error)
    read -r m_parse m_parse_mem < <(measure_runs "$bin" parse "$corpus")
    p_parse=$(python3 -c "print($p_pp + $p_epp)")
    {
        echo "## Parsing the Debian module corpus"
        echo
        echo "$(wc -l <"$work/pp") \`.pp\` and $(wc -l <"$work/epp") \`.epp\` files, $((bytes / 1024)) KiB. Puppet: \`puppet parser validate\` of the"
        echo "\`.pp\` files plus \`puppet epp validate --continue_on_error\` of the \`.epp\` files (one process each)."
        echo "Marionette: \`marionette parse $corpus\` (parse, lower, validate, every file)."
        echo
        echo "| | Puppet | Marionette | speed-up |"
        echo "|---|---:|---:|---:|"
        printf '| whole process | %.2f s | %.3f s | %s |\n' "$p_parse" "$m_parse" "$(ratio "$p_parse" "$m_parse")"
        printf '| throughput | %.1f MB/s | %.1f MB/s | |\n' "$(python3 -c "print($bytes / 1e6 / $p_parse)")" "$(python3 -c "print($bytes / 1e6 / $m_parse)")"
        printf '| peak RSS | %d MB | %d MB | |\n' $((p_pp_mem / 1024)) $((m_parse_mem / 1024))
        echo
    } >>"$out"
fi
echo "wrote $out"
