# The modern equivalent of create_resources: iteration, an abstract type,
# per-expression defaults and attributes from a hash.
$type = 'user'
$resources = {
  'nick' => { uid => '1330', groups => ['developers', 'operations', 'release'] },
  'dan'  => { uid => '1308', groups => ['developers', 'prosvc', 'release'] },
}
$defaults = { gid => 'allstaff', managehome => true, shell => 'bash' }
$resources.each |String $resource, Hash $attributes| {
  Resource[$type] {
    $resource: * => $attributes;
    default:   * => $defaults;
  }
}
