# A key outside the module's namespace only draws a warning ("must use keys qualified
# with the name of the module"); the module's other keys still work.
notify { 'ok': message => lookup('mod::ok') }
notify { 'stray': message => lookup('stray_key', undef, undef, 'stray key is not visible') }
