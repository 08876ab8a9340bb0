# Class settings holds every Puppet setting as a variable; all_local is their hash.
notify { 'settings':
  message => [
    $settings::environment, $settings::server, $settings::masterport, $settings::strict,
    $settings::strict_variables, $settings::ordering, $settings::digest_algorithm,
    $settings::runinterval, $settings::node_terminus, $settings::storeconfigs,
    $settings::disable_warnings, $settings::supported_checksum_types, $settings::reports,
    $settings::ca_port, $settings::splay, $settings::noop, $settings::config_version,
  ],
}
notify { 'all_local':
  message => [$settings::all_local.keys, $settings::all_local['environment'], $settings::all_local['masterport']],
}
notify { 'types':
  message => [$settings::masterport =~ Integer, $settings::usecacheonfailure =~ Boolean,
    $settings::confdir =~ Pattern[/\A\//], $settings::certname =~ String[1], $::settings::environment],
}
class show { notify { "in class: ${settings::environment} ${::settings::server}": } }
include show
