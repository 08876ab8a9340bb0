# A virtual defined type is evaluated only when realized.
define vdef () {
  notify { "inside ${title}": }
}
@vdef { 'realized': }
@vdef { 'not realized': }
Vdef <| title == 'realized' |>
