class web {
  notify { 'web': }
}
class web::extra {
  notify { 'module extra': }
}
