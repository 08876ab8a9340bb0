class m {
  notice("in m")
  $re = "^\d+\.\d+$"
  notice($re)
}
