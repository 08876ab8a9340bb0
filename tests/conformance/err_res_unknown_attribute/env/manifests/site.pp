# A built-in type only has its own attributes (checked when the catalog is finished).
user { 'alice': uid => 1001 }
user { 'bob': group => 'staff' }
