notice(os_transport_url({ 'transport' => 'rabbit', 'host' => 'h', 'username' => 'u', 'password' => undef }))
