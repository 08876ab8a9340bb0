# @summary The baseline every node gets: packages, a message of the day, admin accounts and NTP.
#
# @param packages Packages installed everywhere.
# @param motd_message First line of /etc/motd.
# @param accounts Local accounts, as base::account parameters keyed by user name.
class base (
  Array[String[1]]   $packages     = ['vim'],
  String             $motd_message = 'Managed by Puppet',
  Hash[String, Hash] $accounts     = {},
) {
  # Resource defaults for this class (and, dynamically, what it declares).
  File {
    owner => 'root',
    group => 'root',
    mode  => '0644',
  }

  package { $packages:
    ensure => installed,
  }

  file { '/etc/motd':
    ensure  => file,
    content => epp('base/motd.epp', {
      'message' => $motd_message,
      'fqdn'    => $facts['networking']['fqdn'],
      'os'      => "${facts['os']['name']} ${facts['os']['release']['full']}",
    }),
  }

  $accounts.each |String $user, Hash $attrs| {
    base::account { $user:
      * => $attrs,
    }
  }

  contain base::ntp
}
