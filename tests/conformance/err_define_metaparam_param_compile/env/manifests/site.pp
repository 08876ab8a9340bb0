# A define parameter without a default named like a metaparameter: an error of
# loading the definition, without a location.
define app::svc($subscribe) {
  notify { $title: }
}
app::svc { 'x': subscribe => [] }
