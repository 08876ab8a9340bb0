# An absolute Unix path.
type Webserver::Absolutepath = Pattern[/\A\/[^\0]*\z/]
