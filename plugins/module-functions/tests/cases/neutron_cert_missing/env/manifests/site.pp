# convert_cert_to_string reads the file; one that is not there is an error.
notify { 'cert': message => convert_cert_to_string('/nonexistent/cert.pem') }
