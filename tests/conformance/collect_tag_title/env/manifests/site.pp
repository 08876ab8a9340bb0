# Queries on tag (including automatic tags) and title.
class ops {
  @user { 'deploy': }
}
include ops
@user { 'tagged': tag => 'special' }
@user { 'by title': }
@user { 'untouched': }
User <| tag == 'ops' |>
User <| tag == 'special' |>
User <| title == 'by title' |>
