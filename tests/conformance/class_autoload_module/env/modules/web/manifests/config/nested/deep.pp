class web::config::nested::deep {
  notify { 'deep': }
}
