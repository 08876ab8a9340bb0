# regex after ( and ,
notice(/a/, /b/)
