# A default: body gives values to the other bodies, wherever it is.
file {
  ['ssh_host_dsa_key', 'ssh_host_key', 'ssh_host_rsa_key']:
    # use all defaults
    ;
  default:
    ensure => file,
    owner  => 'root',
    group  => 'wheel',
    mode   => '0600';
  ['ssh_config', 'sshd_config']:
    # override mode
    mode => '0644';
}
