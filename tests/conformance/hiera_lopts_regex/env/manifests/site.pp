notify { 'pkgs': message => lookup('profile::base::pkgs') }
notify { 'vhosts (exact beats regex)': message => lookup('profile::web::vhosts') }
notify { 'opts': message => lookup('profile::web::opts') }
notify { 'other': message => lookup('other::pkgs') }
