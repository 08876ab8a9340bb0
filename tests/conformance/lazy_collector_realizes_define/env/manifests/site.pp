# A collector realizes a virtual define, whose body declares virtual resources that
# another collector realizes.
define vd () {
  @file { "/vd/${title}": tag => 'fromvd' }
}
@vd { 'one': }
Vd <| |>
File <| tag == 'fromvd' |>
