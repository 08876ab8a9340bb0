$name_var = 'svc'
file { '/etc/motd':
  content => @("MOTD"/L)
    Welcome to ${facts['hostname']} \
    running ${name_var}
    | MOTD
}
notify { 'n': message => @(END)
  literal ${not} interpolated
  END
}
