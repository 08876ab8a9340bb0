node default {
  include ssh
}
