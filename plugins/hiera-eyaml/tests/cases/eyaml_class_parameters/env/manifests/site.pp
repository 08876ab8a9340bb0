include profile::db
