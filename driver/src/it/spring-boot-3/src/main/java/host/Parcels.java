package host;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public interface Parcels extends JpaRepository<Parcel, Integer> {

    /** A native query with a sort: Spring Data rewrites it, with JSqlParser if it finds one on the class path. */
    @Query(value = "SELECT p.* FROM parcels p WHERE p.name <> 'b'", nativeQuery = true)
    List<Parcel> allButB(org.springframework.data.domain.Sort sort);
}
