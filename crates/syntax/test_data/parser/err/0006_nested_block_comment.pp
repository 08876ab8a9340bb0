# block comments do not nest
$x = 1 /* /* nested */ */
