include openssl
