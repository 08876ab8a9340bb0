# tagged() tests the tags of the current container.
class web::server {
  tag 'frontend'
  if tagged('web') { notify { 'has web': } }
  if tagged('frontend') { notify { 'has frontend': } }
  if tagged('web', 'server') { notify { 'has both': } }
  if tagged('nope') { notify { 'has nope': } }
}
include web::server
