# @summary A database, owned by a role declared with database::role.
define database::db (
  String $owner,
) {
  exec { "create database ${title}":
    command => "createdb --owner=${owner} ${title}",
    user    => 'postgres',
    unless  => "psql -Atc \"SELECT 1 FROM pg_database WHERE datname = '${title}'\" | grep -q 1",
    require => Database::Role[$owner],
  }
}
