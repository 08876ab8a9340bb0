# Legacy matching also tries the fqdn fact and its chopped forms, after the
# certname's.
node 'other' { notify { 'via the fqdn fact': } }
node default { notify { 'default': } }
