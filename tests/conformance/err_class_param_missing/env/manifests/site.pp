# A parameter without a default and no value: compilation fails.
class needs ($value) {
  notify { $value: }
}
include needs
