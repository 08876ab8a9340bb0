# exported collector with query
Sshkey <<| tag == 'x' |>>
