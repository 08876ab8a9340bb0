# Ruby's format rounds a Float's digits made in floating point: near a half it
# rounds them (to an even last digit within the error bound), not the exact binary
# value. sprintf, String() with a format and ERB's % and format alike.
$cases = [
  ['%.2f', 2.675], ['%.1f', 0.35], ['%.2f', 1.005], ['%.2f', 18.935], ['%.1f', 0.25],
  ['%.0f', 2.5], ['%.0f', 3.5], ['%.2f', 0.375], ['%.3f', 0.0005], ['%.2f', 9.995],
  ['%.2f', 941234562382772.4], ['%.8f', 4.067787378851786e-08], ['%.2f', 0.045],
  ['%.2e', 2.675], ['%.1e', 0.35], ['%.3g', 2.675], ['%.2g', 0.35], ['%.1E', 18.935],
  ['%.6f', 1.0e22], ['%f', 1.15], ['%.2f', -2.675], ['%+.1f', 0.35],
]
$cases.each |$c| {
  notice("${c[0]} ${c[1]}: ${sprintf($c[0], $c[1])} ${String($c[1], $c[0])}")
}
notice(inline_template("<%= '%.2f' % 2.675 %> <%= format('%.1f', 0.35) %> <%= '%.2e' % 18.935 %> <%= '%.3g' % 2.675 %>"))
