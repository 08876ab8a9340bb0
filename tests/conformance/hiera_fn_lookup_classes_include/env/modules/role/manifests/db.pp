class role::db { notify { 'role::db': } }
