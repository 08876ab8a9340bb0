# The catalog's version is what environment.conf's config_version command prints.
notify { 'v': message => $settings::environment }
