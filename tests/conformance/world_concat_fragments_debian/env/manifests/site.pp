define motd::fragment(String $text, String $order = '10') {
  concat::fragment { "motd ${title}":
    target  => '/etc/motd',
    content => "${text}\n",
    order   => $order,
  }
}
node default {
  concat { '/etc/motd':
    owner => 'root',
    group => 'root',
    mode  => '0644',
  }
  concat::fragment { 'motd header':
    target  => '/etc/motd',
    content => "Welcome to ${facts['networking']['fqdn']} (${facts['os']['distro']['description']})\n",
    order   => '01',
  }
  motd::fragment { 'owner': text => 'Owner: platform team' }
  motd::fragment { 'policy': text => 'Authorised use only', order => '99' }

  concat { '/etc/hosts.allow':
    ensure_newline => true,
    warn           => true,
  }
  ['sshd: 10.0.0.0/8', 'sshd: 192.168.0.0/16', 'snmpd: 10.0.10.5'].each |$i, $line| {
    concat::fragment { "hosts.allow ${i}":
      target  => '/etc/hosts.allow',
      content => $line,
      order   => sprintf('%02d', $i + 10),
    }
  }
  concat { 'sudoers admins':
    path           => '/etc/sudoers.d/admins',
    mode           => '0440',
    validate_cmd   => '/usr/sbin/visudo -cf %',
    ensure_newline => true,
  }
  concat::fragment { 'sudoers admins header':
    target  => 'sudoers admins',
    content => '# managed by Puppet',
    order   => '00',
  }
  concat::fragment { 'sudoers admins group':
    target  => 'sudoers admins',
    content => '%admins ALL=(ALL) NOPASSWD: ALL',
  }
}
