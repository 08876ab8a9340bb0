$parts = split('host:8080:extra', ':')
[$host, $port] = $parts
