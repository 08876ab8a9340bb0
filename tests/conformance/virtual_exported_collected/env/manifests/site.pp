# A virtual collector (<| |>) also collects exported resources: they stay exported,
# and an exported defined type collected this way is evaluated.
define d () { notify { "in ${title}": } }
@@d { 'x': }
@@file { '/e': }
D <| |>
File <| |>
