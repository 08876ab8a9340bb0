# } without {
$x = 1
}
