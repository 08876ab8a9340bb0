# @summary A database login role.
define database::role () {
  exec { "create role ${title}":
    command => "createuser ${title}",
    user    => 'postgres',
    unless  => "psql -Atc \"SELECT 1 FROM pg_roles WHERE rolname = '${title}'\" | grep -q 1",
    require => Service['postgresql'],
  }
}
