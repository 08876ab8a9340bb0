notify { 'nan': message => String(lookup('nan')) }
